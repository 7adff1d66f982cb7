import { useLayoutEffect, useRef, useState } from 'react';
import Tooltip from '@mui/material/Tooltip';
import Typography, { type TypographyProps } from '@mui/material/Typography';

export interface TruncatedTextProps {
  text: string;
  /**
   * Also show the tooltip while this is true: a data grid cell passes `hasFocus`, so a keyboard
   * user moving through the grid reads a cut title too.
   */
  focused?: boolean;
  variant?: TypographyProps['variant'];
  fontWeight?: number;
}

/**
 * One line of text that ends in an ellipsis when it does not fit, with the whole text in a
 * tooltip (only when it was actually cut). Screen readers always get the whole text.
 *
 * @example
 * <TruncatedText text={event.title} focused={params.hasFocus} />
 */
export function TruncatedText({ text, focused = false, variant = 'body2', fontWeight }: TruncatedTextProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);
  const [hovered, setHovered] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setCut(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);

  return (
    <Tooltip
      title={cut ? text : ''}
      open={cut && (hovered || focused)}
      onOpen={() => setHovered(true)}
      onClose={() => setHovered(false)}
      describeChild
    >
      <Typography ref={ref} component="span" variant={variant} noWrap sx={{ display: 'block', minWidth: 0, fontWeight }}>
        {text}
      </Typography>
    </Tooltip>
  );
}
