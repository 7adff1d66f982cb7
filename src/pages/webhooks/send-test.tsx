/**
 * "Send test": POST /webhook/{id}/test sends one notification at once (header
 * X-ControlRoom-Test: true, no retries) and answers the attempt; the result stays on screen,
 * with the status, the latency and the start of the receiver's answer, until dismissed.
 */
import { useDescribeError } from '#app/use-describe-error.ts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { WebhookAttempt } from '#schema';
import { describeAttempt, formatLatency, httpStatusText, isSuccessCode } from './delivery-format.ts';

export function ResponseExcerpt({ text, label = 'Response' }: { text: string | null; label?: string }) {
  if (text === null || text === '') return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Box component="span" sx={{ fontSize: 12, color: 'text.secondary' }}>
        {label} (first 1 KB)
      </Box>
      <Box
        component="pre"
        tabIndex={0}
        aria-label={`${label} excerpt`}
        sx={{
          m: 0,
          mt: 0.5,
          p: 1,
          maxHeight: 160,
          overflow: 'auto',
          fontSize: 12,
          fontFamily: 'monospace',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          bgcolor: 'action.hover',
          borderRadius: 1,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        }}
      >
        {text}
      </Box>
    </Box>
  );
}

export function SendTestResult({ result, error, onClose }: { result: WebhookAttempt | undefined; error: unknown; onClose: () => void }) {
  const describeError = useDescribeError();
  if (error) {
    return (
      <Alert severity="error" onClose={onClose} role="alert" sx={{ mb: 2 }}>
        <AlertTitle>Could not send the test</AlertTitle>
        {describeError(error).message}
      </Alert>
    );
  }
  if (!result) return null;
  const ok = isSuccessCode(result.statusCode);
  return (
    <Alert severity={ok ? 'success' : 'error'} onClose={onClose} role="status" aria-label="Test result" sx={{ mb: 2, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}>
      <AlertTitle>{ok ? 'Test delivered' : 'Test failed'}</AlertTitle>
      <Box>
        {result.statusCode !== null ? (
          <>
            The receiver answered <strong>{httpStatusText(result.statusCode)}</strong> in <strong>{formatLatency(result.latencyMs)}</strong>.
          </>
        ) : (
          <>No answer: {describeAttempt(result)}.</>
        )}
        {!ok && result.statusCode !== null && result.error && <> {result.error}.</>}
      </Box>
      <ResponseExcerpt text={result.responseExcerpt} />
      <Box sx={{ mt: 1, fontSize: 12, color: 'text.secondary' }}>The test is in the delivery log below; tests are never retried.</Box>
    </Alert>
  );
}
