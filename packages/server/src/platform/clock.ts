/** Current time in unix seconds (the unit the spec uses for created_at and friends). */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
