import { z } from 'zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const USERNAME_MAX = 12;

export const Username = z
  .string({ error: 'username is required' })
  .trim()
  .min(1, 'username is required')
  .max(USERNAME_MAX, `username must be at most ${USERNAME_MAX} characters`);

export const Password = z
  .string({ error: 'password is required' })
  .min(PASSWORD_MIN, `password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `password must be at most ${PASSWORD_MAX} characters`);

export const LoginBody = z.object({
  username: z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(100),
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(200),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const SetupBody = z
  .object({
    username: Username,
    password: Password,
    confirmPassword: z.string({ error: 'confirmPassword is required' }),
    SelfUseModeEnabled: z.boolean().optional().default(false),
    DemoSiteEnabled: z.boolean().optional().default(false),
  })
  .refine((b) => b.password === b.confirmPassword, { message: 'the two passwords differ', path: ['confirmPassword'] });
export type SetupBody = z.infer<typeof SetupBody>;

export interface SetupStatus {
  status: boolean;
  root_init: boolean;
  database_type: 'sqlite' | 'postgres' | 'mysql';
}
