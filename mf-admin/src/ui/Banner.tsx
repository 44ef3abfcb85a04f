import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * docs/product/back-office.md#banners: success banners go after 3 s (5 s for shipment feedback); errors stay
 * until closed.
 */
export const SUCCESS_MS = 3000;
export const SHIPMENT_SUCCESS_MS = 5000;

interface Message {
  kind: 'success' | 'error';
  text: string;
}

/** A tab's feedback line: `show` replaces the message; successes vanish by themselves. */
export function useBanner() {
  const [message, setMessage] = useState<Message | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((kind: Message['kind'], text: string, ms = SUCCESS_MS) => {
    clearTimeout(timer.current);
    setMessage({ kind, text });
    if (kind === 'success') timer.current = setTimeout(() => setMessage(null), ms);
  }, []);
  const clear = useCallback(() => setMessage(null), []);
  return { message, show, clear };
}

export function Banner({ message, onClose }: { message: Message | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="adm-banner-slot" aria-live="polite">
      {message && (
        <div
          className={`adm-banner adm-banner-${message.kind}`}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          <span>{message.text}</span>
          <button type="button" className="adm-icon-button" onClick={onClose} aria-label={t('common.close')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
    </div>
  );
}
