/** The guided form of one direct destination: VideoSite (region, category, privacy, licence, playlist) or SocialNetwork (a page), its choices from the target's metadata. */
import { useEffect, useRef } from 'react';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DestinationTarget, type Destination, type DestinationMetadataName } from '#schema';
import { api } from '#app/api.ts';
import { FormSelectField, type SelectOption } from '#components/form/select-field.tsx';
import { FormTextField } from '#components/form/text-field.tsx';
import { useDescribeError } from '#app/use-describe-error.ts';
import { configRegion, textKeys, type DirectPublishValues } from './direct-publish-form.ts';
import { TargetLabel, targetName } from './targets.tsx';

const VS = DestinationTarget.values.VideoSite;
const SN = DestinationTarget.values.SocialNetwork;

/** One metadata lookup of a destination as select options (Data: value -> label). */
function useChoices(destination: Destination, metadata: DestinationMetadataName, options: { region?: string | null; enabled?: boolean } = {}) {
  const describe = useDescribeError();
  const query = useQuery({
    ...api.destination.metadataFor.queryOptions({
      params: { id: destination.id },
      query: { metadata, target: DestinationTarget.nameOf(destination.target) ?? String(destination.target), ...(options.region ? { youTubeRegions: options.region } : {}) },
    }),
    enabled: options.enabled ?? true,
    staleTime: 5 * 60_000,
  });
  const choices: SelectOption[] = Object.entries(query.data?.Data ?? {}).map(([value, label]) => ({ value, label }));
  return { choices, loading: query.isFetching && !query.data, loadError: query.error ? describe(query.error).message : undefined };
}

export type FieldsProps = { destination: Destination; control: Control<DirectPublishValues>; setValue: UseFormSetValue<DirectPublishValues> };

function VideoSiteFields({ destination, control, setValue }: FieldsProps) {
  const base = `forms.${destination.id}` as const;
  const region = useWatch({ control, name: `${base}.region` });
  const fallbackRegion = configRegion(destination);
  const effectiveRegion = region ?? fallbackRegion;
  const regions = useChoices(destination, 'VideoSiteRegions');
  const categories = useChoices(destination, 'VideoSiteVideoCategories', { region: effectiveRegion, enabled: effectiveRegion !== null });
  const privacy = useChoices(destination, 'VideoSitePrivacyStatus');
  const licence = useChoices(destination, 'VideoSiteLicense');
  const playlists = useChoices(destination, 'VideoSitePlaylists');
  // A new region has other categories: the chosen one may not exist there.
  const previous = useRef(region);
  useEffect(() => {
    if (previous.current !== region) setValue(`${base}.category`, null);
    previous.current = region;
  }, [region, base, setValue]);
  return (
    <>
      <FormSelectField size="small" fullWidth
        control={control}
        name={`${base}.region`}
        label="Region"
        noneLabel={fallbackRegion ? `The destination's (${fallbackRegion})` : 'Not set'}
        options={regions.choices}
        loading={regions.loading}
        loadError={regions.loadError}
      />
      <FormSelectField size="small" fullWidth
        control={control}
        name={`${base}.category`}
        label="Category"
        noneLabel="Not set"
        options={categories.choices}
        loading={categories.loading}
        loadError={categories.loadError}
        disabled={effectiveRegion === null}
        helperText={effectiveRegion === null ? 'Choose a region first: categories differ per region' : `Categories of ${effectiveRegion}`}
        // The reason it is disabled must stay readable (the disabled grey is too faint).
        slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
      />
      <FormSelectField size="small" fullWidth control={control} name={`${base}.privacy`} label="Privacy" noneLabel="The account's default" options={privacy.choices} loading={privacy.loading} loadError={privacy.loadError} />
      <FormSelectField size="small" fullWidth control={control} name={`${base}.license`} label="Licence" noneLabel="The account's default" options={licence.choices} loading={licence.loading} loadError={licence.loadError} />
      <FormSelectField size="small" fullWidth control={control} name={`${base}.playlist`} label="Playlist" noneLabel="No playlist" options={playlists.choices} loading={playlists.loading} loadError={playlists.loadError} />
    </>
  );
}

function SocialNetworkFields({ destination, control }: Omit<FieldsProps, 'setValue'>) {
  const pages = useChoices(destination, 'SocialNetworkPages');
  return (
    <FormSelectField size="small" fullWidth control={control} name={`forms.${destination.id}.page`} label="Page" noneLabel="The authorised account" options={pages.choices} loading={pages.loading} loadError={pages.loadError} />
  );
}

export function DestinationForm({ destination, control, setValue }: FieldsProps) {
  const keys = textKeys(destination.target);
  const base = `forms.${destination.id}` as const;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="fieldset" aria-label={`${destination.name} (${targetName(destination.target)})`}>
      <Typography variant="subtitle1" component="legend" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', mb: 1.5 }}>
        <TargetLabel target={destination.target} /> · {destination.name}
      </Typography>
      {!destination.active && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          This destination is not active: its publication will fail until it is activated on the Destinations page.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
        {keys.title && <FormTextField control={control} name={`${base}.title`} label={keys.title === 'mb_text' ? 'Post text' : 'Title'} size="small" fullWidth sx={{ gridColumn: '1 / -1' }} />}
        {keys.description && <FormTextField control={control} name={`${base}.description`} label="Description" size="small" fullWidth multiline minRows={2} sx={{ gridColumn: '1 / -1' }} />}
        {destination.target === VS && <VideoSiteFields destination={destination} control={control} setValue={setValue} />}
        {destination.target === SN && <SocialNetworkFields destination={destination} control={control} />}
      </Box>
    </Paper>
  );
}
