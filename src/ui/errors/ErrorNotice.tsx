import { isApiError } from '../../api/api-error.ts';

interface ErrorNoticeProps {
  error: unknown;
  title?: string;
  onRetry?: () => void;
  compact?: boolean;
}

/** A failure as support needs it: status, message and correlation id, with a way to try again. */
export function ErrorNotice({ error, title = 'Something went wrong', onRetry, compact = false }: ErrorNoticeProps) {
  const status = isApiError(error) ? error.status : null;
  const message = error instanceof Error ? error.message : String(error);
  const correlationId = isApiError(error) ? error.correlationId : null;
  return (
    <div className={compact ? 'error-notice error-notice--compact' : 'error-notice'} role="alert">
      <div className="error-notice__title">
        {title}
        {status !== null && (
          <span className="error-notice__status">{status === 0 ? 'No response' : `HTTP ${status}`}</span>
        )}
      </div>
      <p className="error-notice__message">{message}</p>
      {correlationId && (
        <p className="error-notice__correlation">
          Correlation id <code>{correlationId}</code>
        </p>
      )}
      {onRetry && (
        <button type="button" className="button button--small" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
