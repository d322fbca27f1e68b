import { describe, expect, it } from 'vitest';
import { channelStatusNotice } from './channel-status-notice.js';
import { fillPlaceholders, noticeMail } from './quota-notice.js';

const filled = (n: ReturnType<typeof channelStatusNotice>) => fillPlaceholders(n.content, n.values);

describe('channel status notices', () => {
  it('names the key by the number the console shows it with (from 1), the channel and the reason', () => {
    const off = channelStatusNotice({ channelId: 9, change: 'key_disabled', keyIndex: 2, reason: 'quota exceeded' }, 'pool', 100);
    expect(off).toMatchObject({ type: 'channel_status', title: 'Channel key disabled', timestamp: 100 });
    expect(filled(off)).toBe('Key #3 of channel pool (#9) was disabled automatically: quota exceeded');
    expect(filled(channelStatusNotice({ channelId: 9, change: 'key_enabled', keyIndex: 0 }, 'pool', 100))).toBe('Key #1 of channel pool (#9) passed a test and was enabled again.');
  });

  it('escapes what the upstream said in the e-mail\'s HTML, not in its text', () => {
    const notice = channelStatusNotice({ channelId: 1, change: 'disabled', reason: '<b>banned</b>' }, 'a & b', 100);
    const mail = noticeMail('root@example.com', 'Gateway', notice);
    expect(mail.subject).toBe('Gateway: channel disabled');
    expect(mail.text).toBe('Channel a & b (#1) was disabled automatically: <b>banned</b>');
    expect(mail.html).toContain('Channel a &#38; b (#1) was disabled automatically: &#60;b&#62;banned&#60;/b&#62;');
  });
});
