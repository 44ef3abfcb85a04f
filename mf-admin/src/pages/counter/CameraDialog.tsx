import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog';
import { loadDetector } from './barcodeDetector';

/** How often a frame is read: fast enough for a hand-held box, light on a tablet's battery. */
const SCAN_EVERY_MS = 250;

/**
 * The camera, for a phone or a tablet without a USB scanner: the back camera's picture, read a few times a
 * second until a code shows; the code then goes to the search as if typed.
 */
export default function CameraDialog({
  onCode,
  onClose,
}: {
  onCode: (code: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  // The latest handler, without restarting the camera when the parent renders again.
  const found = useRef(onCode);
  useEffect(() => {
    found.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    void (async () => {
      if (!navigator.mediaDevices?.getUserMedia) return setProblem(t('counter.camera.unsupported'));
      try {
        const [detector, media] = await Promise.all([
          loadDetector(),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        ]);
        stream = media;
        if (stopped || !video.current) return stop();
        video.current.srcObject = media;
        await video.current.play();
        setReady(true);
        const scan = async () => {
          if (stopped || !video.current) return;
          const codes = await detector.detect(video.current).catch(() => []);
          const code = codes[0]?.rawValue;
          if (code) {
            stop();
            found.current(code);
          } else timer = setTimeout(() => void scan(), SCAN_EVERY_MS);
        };
        void scan();
      } catch (failure) {
        stop();
        const denied = failure instanceof DOMException && failure.name === 'NotAllowedError';
        setProblem(t(denied ? 'counter.camera.denied' : 'counter.camera.failed'));
      }
    })();
    return stop;
  }, [t]);

  return (
    <Dialog title={t('counter.camera.title')} onClose={onClose}>
      {problem ? (
        <p className="adm-error" role="alert">
          {problem}
        </p>
      ) : (
        <p className="adm-muted" role="status">
          {ready ? t('counter.camera.aim') : t('counter.camera.starting')}
        </p>
      )}
      <video ref={video} className="adm-camera" muted playsInline aria-label={t('counter.camera.title')} />
      <div className="adm-actions">
        <button type="button" className="adm-button adm-button-light" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}
