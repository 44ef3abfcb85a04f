import { useId, useState, type ReactNode } from 'react';
import { saveFile, type DownloadedFile, failureText } from '@edicola/web-kit';

/**
 * A button that downloads a file (invoice, credit note) and, when the download fails, says why right next to
 * itself: a banner at the top of a long page is out of view.
 */
export function FileButton({
  load,
  fallbackName,
  errorText,
  label,
  children,
}: {
  load: () => Promise<DownloadedFile>;
  fallbackName: string;
  /** The screen's message when the server gives no detail of its own. */
  errorText: string;
  /** The accessible name, when the visible text is shorter. */
  label?: string;
  children: ReactNode;
}) {
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      saveFile(await load(), fallbackName);
    } catch (failure) {
      setError(failureText(failure, errorText));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="adm-button adm-button-small adm-button-light"
        aria-label={label}
        aria-describedby={error ? errorId : undefined}
        disabled={busy}
        onClick={() => void download()}
      >
        {children}
      </button>
      {error && (
        <span id={errorId} className="adm-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
