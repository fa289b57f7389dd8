// Wraps the announcement bar: a labelled landmark, and a bar whose id changed shows even if an older bar was dismissed.
import React, {useEffect} from 'react';
import {translate} from '@docusaurus/Translate';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type {WrapperProps} from '@docusaurus/types';
import {useThemeConfig} from '@docusaurus/theme-common';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';

type Props = WrapperProps<typeof AnnouncementBarType>;

// Set before hydration by Docusaurus from the stored dismissal alone, without comparing bar ids; it hides the bar by CSS.
const INITIALLY_DISMISSED = 'data-announcement-bar-initially-dismissed';

export default function AnnouncementBarWrapper(props: Props): React.ReactElement | null {
  const {announcementBar} = useThemeConfig();
  const {isActive} = useAnnouncementBar();
  useEffect(() => {
    if (isActive) document.documentElement.setAttribute(INITIALLY_DISMISSED, 'false');
  }, [isActive]);
  if (!announcementBar || !isActive) return null;
  return (
    <section aria-label={translate({id: 'announcement.label', message: '网站公告'})} data-announcement-id={announcementBar.id}>
      <AnnouncementBar {...props} />
    </section>
  );
}
