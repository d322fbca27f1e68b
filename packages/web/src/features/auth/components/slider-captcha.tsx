import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { App, Button, Modal, Spin, Typography, theme } from 'antd';
import { ArrowRightOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, type CaptchaChallenge } from '@gw/contracts';
import { checkCaptcha, fetchCaptcha } from '../api/auth.queries';

interface SliderCaptchaProps {
  open: boolean;
  /** Called with the solved key; the caller runs the action the captcha guards. */
  onPassed: (captchaKey: string) => void;
  onCancel: () => void;
}

/**
 * The slider captcha (spec 1 §4): a 300×220 picture with a hole and a piece to drag into it. Releasing
 * the handle checks the position; a failure says so and loads a new puzzle. The handle moves exactly as
 * far as the piece, and arrow keys (Shift for 10 px) plus Enter work too.
 */
export function SliderCaptcha({ open, onPassed, onCancel }: SliderCaptchaProps) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const [puzzle, setPuzzle] = useState<CaptchaChallenge | null>(null);
  const [x, setX] = useState(0);
  const [busy, setBusy] = useState(false);
  const drag = useRef<{ startX: number; from: number } | null>(null);

  const load = useCallback(async () => {
    setPuzzle(null);
    setX(0);
    try {
      setPuzzle(await fetchCaptcha());
    } catch (err) {
      void message.error((err as Error).message);
    }
  }, [message]);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const maxX = puzzle ? CAPTCHA_WIDTH - puzzle.tile_width : 0;
  const clamp = (v: number) => Math.max(0, Math.min(maxX, Math.round(v)));

  const submit = async (position: number) => {
    if (!puzzle || busy) return;
    setBusy(true);
    const passed = await checkCaptcha(puzzle.captcha_key, position, puzzle.tile_y);
    setBusy(false);
    if (passed) {
      onPassed(puzzle.captcha_key);
      return;
    }
    void message.error(t('captcha.failed'));
    void load();
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!puzzle || busy) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startX: e.clientX, from: x };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) setX(clamp(drag.current.from + e.clientX - drag.current.startX));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const final = clamp(drag.current.from + e.clientX - drag.current.startX);
    drag.current = null;
    setX(final);
    void submit(final);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 10 : 1;
    if (e.key === 'ArrowRight') setX((v) => clamp(v + step));
    else if (e.key === 'ArrowLeft') setX((v) => clamp(v - step));
    else if (e.key === 'Enter') void submit(x);
    else return;
    e.preventDefault();
  };

  return (
    <Modal open={open} onCancel={onCancel} footer={null} width={CAPTCHA_WIDTH + 48} title={t('captcha.title')} destroyOnHidden>
      <div style={{ position: 'relative', width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT, borderRadius: token.borderRadius, overflow: 'hidden', background: token.colorFillSecondary }}>
        {puzzle ? (
          <>
            <img src={puzzle.image_base64} alt={t('captcha.picture')} width={CAPTCHA_WIDTH} height={CAPTCHA_HEIGHT} draggable={false} style={{ display: 'block' }} />
            <img
              src={puzzle.tile_base64}
              alt=""
              width={puzzle.tile_width}
              height={puzzle.tile_height}
              draggable={false}
              style={{ position: 'absolute', left: puzzle.tile_x + x, top: puzzle.tile_y, filter: 'drop-shadow(0 0 3px rgba(0,0,0,0.5))' }}
            />
          </>
        ) : (
          <Spin style={{ position: 'absolute', inset: 0, margin: 'auto', height: 32 }} />
        )}
        <Button size="small" icon={<ReloadOutlined />} aria-label={t('captcha.refresh')} onClick={() => void load()} style={{ position: 'absolute', top: 6, right: 6 }} />
      </div>
      <div style={{ position: 'relative', width: CAPTCHA_WIDTH, height: 40, marginTop: 12, borderRadius: 20, background: token.colorFillTertiary }}>
        <Typography.Text type="secondary" style={{ position: 'absolute', inset: 0, lineHeight: '40px', textAlign: 'center', pointerEvents: 'none' }}>
          {t('captcha.hint')}
        </Typography.Text>
        <div
          role="slider"
          tabIndex={0}
          aria-label={t('captcha.handle')}
          aria-valuemin={0}
          aria-valuemax={maxX}
          aria-valuenow={x}
          data-testid="captcha-handle"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onKeyDown={onKeyDown}
          style={{
            position: 'absolute',
            left: x,
            top: 0,
            width: puzzle?.tile_width ?? 56,
            height: 40,
            borderRadius: 20,
            background: token.colorPrimary,
            color: token.colorTextLightSolid,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            cursor: busy ? 'wait' : 'grab',
            touchAction: 'none',
            userSelect: 'none',
          }}
        >
          <ArrowRightOutlined />
        </div>
      </div>
    </Modal>
  );
}
