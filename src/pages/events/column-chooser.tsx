import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import { VisuallyHidden } from '#components/visually-hidden.tsx';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ViewColumnIcon from '@mui/icons-material/ViewColumnOutlined';
import type { GridColumnVisibilityModel } from '@mui/x-data-grid';

export interface ColumnChooserProps {
  columns: readonly { field: string; headerName?: string }[];
  /** The grid's model: a column missing from it is visible. */
  visibility: GridColumnVisibilityModel;
  onChange: (model: GridColumnVisibilityModel) => void;
  onReset: () => void;
}

/** "Columns": a menu of the list's columns, each a checkbox; the choice is kept per browser. */
export function ColumnChooser({ columns, visibility, onChange, onReset, iconOnly = false }: ColumnChooserProps & { iconOnly?: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const visibleCount = columns.filter((c) => visibility[c.field] !== false).length;
  return (
    <>
      <Button
        color="inherit"
        startIcon={iconOnly ? undefined : <ViewColumnIcon />}
        sx={iconOnly ? { minWidth: 40, px: 1 } : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {iconOnly ? (
          <>
            <ViewColumnIcon />
            <VisuallyHidden>Columns</VisuallyHidden>
          </>
        ) : (
          'Columns'
        )}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {columns.map((column) => {
          const visible = visibility[column.field] !== false;
          return (
            <MenuItem
              key={column.field}
              role="menuitemcheckbox"
              aria-checked={visible}
              // The last visible column stays: a list without columns shows nothing.
              disabled={visible && visibleCount === 1}
              onClick={() => onChange({ ...visibility, [column.field]: !visible })}
              dense
            >
              <ListItemIcon>
                <Checkbox size="small" checked={visible} tabIndex={-1} disableRipple sx={{ p: 0 }} slotProps={{ input: { 'aria-hidden': true } }} />
              </ListItemIcon>
              <ListItemText primary={column.headerName ?? column.field} />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem
          dense
          onClick={() => {
            onReset();
            setAnchor(null);
          }}
        >
          <ListItemText inset primary="Reset to the defaults" />
        </MenuItem>
      </Menu>
    </>
  );
}
