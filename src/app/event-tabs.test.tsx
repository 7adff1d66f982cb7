import { describe, expect, it } from 'vitest';
import { sortEventTabs } from '#pages/event/index.ts';
import { EVENT_TABS } from './event-tabs.tsx';

describe("the event page's tabs", () => {
  it('are the areas\' tabs, in the order, with the ids (in the URL) and labels they always had', () => {
    expect(EVENT_TABS.map((t) => [t.id, t.label])).toEqual([
      ['general', 'General'],
      ['player', 'Player'],
      ['health', 'Health'],
      ['assets', 'Assets'],
      ['playlist', 'Playlist'],
      ['urls', 'Streaming URLs'],
      ['properties', 'Custom properties'],
      ['client-properties', 'Client properties'],
      ['chapters', 'Chapter points'],
      ['audio', 'Audio'],
      ['publications', 'Publications'],
      ['webhooks', 'Webhooks'],
      ['downloads', 'Downloads'],
      ['history', 'History'],
    ]);
    expect(EVENT_TABS.filter((t) => t.keepMounted).map((t) => t.id)).toEqual(['general']);
  });

  it('refuse two areas claiming one id', () => {
    const component = () => null;
    expect(() => sortEventTabs([{ id: 'assets', label: 'Assets', order: 30, component }, { id: 'assets', label: 'Clips', order: 35, component }])).toThrow(/"assets"/);
  });
});
