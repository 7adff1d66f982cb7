import { useEffect, useRef, useState } from 'react';
import { Tooltip } from './tooltip.tsx';
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

/** Whether the text does not fit its box (the ellipsis shows). */
const isCut = (element: HTMLElement | null) => element !== null && element.scrollWidth > element.clientWidth + 1;

/**
 * One line of text that ends in an ellipsis when it does not fit, with the whole text in a
 * tooltip (only when it was actually cut). Screen readers always get the whole text.
 *
 * Whether it is cut is measured when the tooltip would open (pointer over it, or `focused`), not
 * as it renders: a list of them then costs no layout while it is drawn (reading a size forces
 * the browser to lay the page out at once), nor an observer per cell.
 *
 * @example
 * <TruncatedText text={event.title} focused={params.hasFocus} />
 */
export function TruncatedText({ text, focused = false, variant = 'body2', fontWeight }: TruncatedTextProps) {
  const ref = useRef<HTMLSpanElement>(null);
  // Pointer over it (or focused) while the text is cut.
  const [hoverCut, setHoverCut] = useState(false);
  const [focusCut, setFocusCut] = useState(false);

  useEffect(() => {
    setFocusCut(focused && isCut(ref.current));
  }, [focused, text]);

  return (
    <Tooltip
      // No title while closed: the tooltip would give the text a second, native tooltip.
      title={hoverCut || focusCut ? text : ''}
      open={hoverCut || focusCut}
      onOpen={() => setHoverCut(isCut(ref.current))}
      onClose={() => setHoverCut(false)}
      describeChild
    >
      <Typography ref={ref} component="span" variant={variant} noWrap sx={{ display: 'block', minWidth: 0, fontWeight }}>
        {text}
      </Typography>
    </Tooltip>
  );
}
