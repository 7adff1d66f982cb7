/** The words that tell a keyboard user how to move an event, given once on the page and named by every movable block. */
export const MOVE_HELP_ID = 'schedule-move-help';
export const MOVE_HELP = 'Space picks the event up; the arrow keys move it, Shift with the arrow keys moves its end; Space or Enter drops it; Escape puts it back.';
