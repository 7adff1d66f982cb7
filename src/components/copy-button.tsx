import { useState } from 'react';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import { Tooltip } from './tooltip.tsx';
import CheckIcon from '@mui/icons-material/Check';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import { notify } from '#app/notifications.tsx';

/** Copies text to the clipboard; falls back to a hidden text area where the Clipboard API is refused (plain http, no permission). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

export interface CopyButtonProps extends Omit<IconButtonProps, 'onClick' | 'aria-label'> {
  text: string;
  /** What is copied, for the button's name: "the HLS URL" -> "Copy the HLS URL". */
  what: string;
}

/**
 * An icon button that copies `text`, confirms with a tick and a short notification.
 *
 * @example
 * <CopyButton text={url} what="the HLS URL" />
 */
export function CopyButton({ text, what, size = 'small', ...props }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  return (
    <Tooltip title={copied ? 'Copied' : 'Copy'}>
      <IconButton
        {...props}
        size={size}
        aria-label={`Copy ${what}`}
        onClick={async () => {
          const ok = await copyText(text);
          if (ok) {
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
            notify(`Copied ${what}`, { severity: 'success' });
          } else {
            notify(`Could not copy ${what}: the browser refused. Select the text and copy it yourself.`, { severity: 'warning' });
          }
        }}
      >
        {copied ? <CheckIcon fontSize="inherit" /> : <CopyIcon fontSize="inherit" />}
      </IconButton>
    </Tooltip>
  );
}
