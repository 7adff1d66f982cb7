/**
 * The combobox's keyboard: which result is active (↑/↓, PageUp/PageDown; back to the first when
 * the results change, kept when the same results update), scrolled into view, and what Enter or a
 * click on one does: a recent search goes back into the field, anything else is opened.
 */
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { eventsListHref, itemKey, type Item } from './search-items.ts';

export interface ActiveResultOptions {
  items: readonly Item[];
  text: string;
  setText: (text: string) => void;
  /** Called with the text before a result is opened (recent searches). */
  remember: (text: string) => void;
  onClose: () => void;
  /** The element id of the option at an index. */
  optionId: (index: number) => string;
}

export function useActiveResult({ items, text, setText, remember, onClose, optionId }: ActiveResultOptions) {
  const navigate = useNavigate();
  const [active, setActive] = useState(0);
  const signature = items.map(itemKey).join();
  const [seen, setSeen] = useState(signature);
  if (seen !== signature) {
    setSeen(signature);
    setActive(0);
  }
  const activeIndex = Math.min(active, items.length - 1);

  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
    // optionId is derived from an id that never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeIndex]);

  const activate = (item: Item | undefined) => {
    if (!item) return;
    if (item.kind === 'recent') {
      // The field keeps the focus (options do not take it), so typing goes on from here.
      setText(item.text);
      return;
    }
    remember(text);
    onClose();
    if (item.kind === 'event') void navigate(`/events/${item.event.id}`);
    else if (item.kind === 'config') void navigate(item.result.href);
    else if (item.kind === 'command') void navigate(item.command.href);
    else if (item.kind === 'point') void navigate(`/events/${item.result.point.eventId}?tab=chapters`);
    else void navigate(eventsListHref(text));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (items.length === 0) return;
    const move = (to: number) => {
      event.preventDefault();
      setActive((to + items.length) % items.length);
    };
    if (event.key === 'ArrowDown') move(activeIndex + 1);
    else if (event.key === 'ArrowUp') move(activeIndex - 1);
    else if (event.key === 'PageDown') move(Math.min(activeIndex + 5, items.length - 1));
    else if (event.key === 'PageUp') move(Math.max(activeIndex - 5, 0));
    else if (event.key === 'Enter') {
      event.preventDefault();
      activate(items[activeIndex]);
    }
  };

  return { activeIndex, setActive, activate, onKeyDown };
}
