/**
 * The Custom properties tab (`?tab=properties`): the event's custom properties as an editable
 * table (properties/property-table.tsx), with copying from another event. A key that may not
 * write them reads them, and the tab says why.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import CopyIcon from '@mui/icons-material/FileCopyOutlined';
import type { Event } from '#schema';
import { RoleNotice } from '#app/role-notice.tsx';
import { CloneDialog } from './properties/clone-dialog.tsx';
import { useEventPropertySource } from './properties/property-source.ts';
import { PropertyTable } from './properties/property-table.tsx';

export function CustomPropertiesTab({ event }: { event: Event }) {
  const source = useEventPropertySource(event.id);
  const [cloning, setCloning] = useState(false);
  return (
    <>
      <RoleNotice permission={source.write} />
      <PropertyTable
        source={source}
        title="Custom properties"
        description="Category, key and value triples integrators read with the event. A category and key pair is unique: saving one that exists replaces its value."
        params={{ category: 'propertyCategory', search: 'propertySearch' }}
        hotkeyGroup="Custom properties"
        extraActions={
          <Button variant="outlined" startIcon={<CopyIcon />} onClick={() => setCloning(true)} disabled={!source.query.data || !source.write.allowed}>
            Copy from event
          </Button>
        }
      />
      <CloneDialog open={cloning} event={event} existing={source.query.data ?? []} onClose={() => setCloning(false)} />
    </>
  );
}
