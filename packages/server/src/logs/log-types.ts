/** Log entry types (new-api compatible). */
export const LogType = { Unknown: 0, TopUp: 1, Consume: 2, Manage: 3, System: 4, Error: 5 } as const;
