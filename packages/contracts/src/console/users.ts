import { z } from 'zod';

/** A user as the console sees it. The password is never sent (always ""). */
export interface UserView {
  id: number;
  username: string;
  display_name: string;
  password: string;
  role: number;
  status: number;
  email: string;
  github_id: string;
  oidc_id: string;
  wechat_id: string;
  telegram_id: string;
  google_id: string;
  linux_do_id: string;
  quota: number;
  used_quota: number;
  request_count: number;
  group: string;
  remarks: string;
  aff_code: string;
  aff_count: number;
  aff_quota: number;
  aff_history_quota: number;
  activity_quota: number;
  activity_history_quota: number;
  history_fuel_pack_quota: number;
  inviter_id: number;
  created_at: number;
  login_ip: string;
  DeletedAt: string | null;
  setting: string;
}
