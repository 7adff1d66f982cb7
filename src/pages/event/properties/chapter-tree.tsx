/**
 * The chapter points of an event as a tree (WAI-ARIA tree pattern): one tab stop; ↑ ↓ move,
 * → opens a branch or goes to its first child, ← closes it or goes to the parent, Home and End,
 * and the selection follows the focus (the page shows the selected chapter point beside the
 * tree). Each item shows its start as a timecode, its title, tag and how many properties it has.
 */
import { useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { ChapterPoint } from '#schema';
import { formatDateTimeLong } from '#components/format-time.ts';
import { displayTime } from './chapter-point-values.ts';

export interface ChapterTreeProps {
  roots: readonly ChapterPoint[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** When the stream started: date-time chapter times show as the time since. */
  start: Date | undefined;
  label: string;
}

interface Visible {
  point: ChapterPoint;
  parentId: string | null;
}

export function ChapterTree({ roots, selectedId, onSelect, start, label }: ChapterTreeProps) {
  // Branches are open unless closed: a chapter point added under one shows at once.
  const [closedByUser, setClosed] = useState<ReadonlySet<string>>(new Set());
  const [focusId, setFocusId] = useState<string | null>(null);
  const refs = useRef(new Map<string, HTMLLIElement>());

  // The selected chapter point is always in view: its ancestors stay open.
  const selectedPath = useMemo(() => {
    const path: string[] = [];
    const find = (points: readonly ChapterPoint[], trail: string[]): boolean =>
      points.some((p) => (p.id === selectedId ? (path.push(...trail), true) : find(p.children, [...trail, p.id])));
    if (selectedId) find(roots, []);
    return path;
  }, [roots, selectedId]);
  const closed = useMemo(() => new Set([...closedByUser].filter((id) => !selectedPath.includes(id))), [closedByUser, selectedPath]);

  const visible = useMemo(() => {
    const out: Visible[] = [];
    const walk = (points: readonly ChapterPoint[], parentId: string | null) => {
      for (const point of points) {
        out.push({ point, parentId });
        if (!closed.has(point.id)) walk(point.children, point.id);
      }
    };
    walk(roots, null);
    return out;
  }, [roots, closed]);

  const tabStop = visible.find((v) => v.point.id === (focusId ?? selectedId))?.point.id ?? visible[0]?.point.id;

  const focusItem = (id: string) => {
    setFocusId(id);
    onSelect(id);
    refs.current.get(id)?.focus();
  };
  const toggle = (id: string) => {
    const closing = !closed.has(id);
    // Closing the branch the selection is in selects the branch, as the selection must stay in view.
    if (closing && selectedPath.includes(id)) focusItem(id);
    setClosed(() => {
      const next = new Set(closed);
      if (closing) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  const onKeyDown = (e: React.KeyboardEvent, item: Visible) => {
    const index = visible.findIndex((v) => v.point.id === item.point.id);
    const hasChildren = item.point.children.length > 0;
    const isOpen = hasChildren && !closed.has(item.point.id);
    let handled = true;
    switch (e.key) {
      case 'ArrowDown':
        if (visible[index + 1]) focusItem(visible[index + 1]!.point.id);
        break;
      case 'ArrowUp':
        if (index > 0) focusItem(visible[index - 1]!.point.id);
        break;
      case 'ArrowRight':
        if (hasChildren && !isOpen) toggle(item.point.id);
        else if (isOpen) focusItem(item.point.children[0]!.id);
        break;
      case 'ArrowLeft':
        if (isOpen) toggle(item.point.id);
        else if (item.parentId) focusItem(item.parentId);
        break;
      case 'Home':
        if (visible[0]) focusItem(visible[0].point.id);
        break;
      case 'End':
        if (visible.length > 0) focusItem(visible[visible.length - 1]!.point.id);
        break;
      case 'Enter':
      case ' ':
        onSelect(item.point.id);
        break;
      default:
        handled = false;
    }
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  const renderItems = (points: readonly ChapterPoint[], level: number, parentId: string | null) =>
    points.map((point) => {
      const hasChildren = point.children.length > 0;
      const isOpen = hasChildren && !closed.has(point.id);
      const selected = point.id === selectedId;
      const time = displayTime(point.startTime, start);
      const end = point.endTime ? displayTime(point.endTime, start) : undefined;
      const count = point.chapterPointCustomProperties.length;
      const item = { point, parentId };
      return (
        <Box
          component="li"
          key={point.id}
          role="treeitem"
          aria-level={level}
          aria-selected={selected}
          aria-expanded={hasChildren ? isOpen : undefined}
          aria-label={`${time.text} ${point.title}`}
          tabIndex={point.id === tabStop ? 0 : -1}
          ref={(el: HTMLLIElement | null) => {
            if (el) refs.current.set(point.id, el);
            else refs.current.delete(point.id);
          }}
          onKeyDown={(e: React.KeyboardEvent) => {
            if (e.target === e.currentTarget) onKeyDown(e, item);
          }}
          onFocus={(e: React.FocusEvent) => {
            if (e.target === e.currentTarget) setFocusId(point.id);
          }}
          sx={{ listStyle: 'none', outline: 'none', '&:focus-visible > .tree-row': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: -2 } }}
        >
          <Box
            className="tree-row"
            onClick={() => focusItem(point.id)}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              pl: `${(level - 1) * 20 + 4}px`,
              pr: 1,
              py: 0.5,
              minHeight: 36,
              borderRadius: 1,
              cursor: 'pointer',
              bgcolor: selected ? (t) => alpha(t.palette.primary.main, t.palette.mode === 'dark' ? 0.24 : 0.12) : undefined,
              '&:hover': { bgcolor: selected ? undefined : 'action.hover' },
            }}
          >
            <Box
              component="span"
              aria-hidden
              onClick={(e: React.MouseEvent) => {
                if (!hasChildren) return;
                e.stopPropagation();
                toggle(point.id);
              }}
              sx={{ display: 'inline-flex', width: 20, flexShrink: 0, color: 'text.secondary', cursor: hasChildren ? 'pointer' : undefined }}
            >
              {hasChildren && (isOpen ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />)}
            </Box>
            <Tooltip title={time.detail ? formatDateTimeLong(time.detail) : ''} disableHoverListener={!time.detail}>
              <Typography
                component="span"
                variant="body2"
                sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12.5, color: 'text.secondary', flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
              >
                {time.text}
                {end && (
                  <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
                    –{end.text}
                  </Box>
                )}
              </Typography>
            </Tooltip>
            <Typography component="span" variant="body2" sx={{ minWidth: 0, flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: selected ? 600 : undefined }}>
              {point.title}
            </Typography>
            {point.tag && <Chip size="small" variant="outlined" label={point.tag} sx={{ height: 20, fontSize: 11, maxWidth: 96, flexShrink: 0 }} />}
            {count > 0 && (
              <Tooltip title={`${count} custom ${count === 1 ? 'property' : 'properties'}`}>
                <Box component="span" sx={{ fontSize: 11, color: 'text.secondary', border: 1, borderColor: 'divider', borderRadius: 8, px: 0.75, flexShrink: 0 }}>
                  {count}
                </Box>
              </Tooltip>
            )}
          </Box>
          {hasChildren && isOpen && (
            <Box component="ul" role="group" sx={{ m: 0, p: 0 }}>
              {renderItems(point.children, level + 1, point.id)}
            </Box>
          )}
        </Box>
      );
    });

  return (
    <Box component="ul" role="tree" aria-label={label} sx={{ m: 0, p: 0.5 }}>
      {renderItems(roots, 1, null)}
    </Box>
  );
}
