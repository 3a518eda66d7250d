import { PreviewComparison, PreviewCommunity, PreviewSignals, PreviewTools } from '@/features/marketing/components/preview-community';
import { PreviewHero } from '@/features/marketing/components/preview-hero';
import {
  PreviewFinalCta,
  PreviewMemberships,
  PreviewSupport,
  PreviewTestimonials,
} from '@/features/marketing/components/preview-offer';
import {
  PreviewBlueprint,
  PreviewCourses,
  PreviewMentors,
  PreviewStory,
} from '@/features/marketing/components/preview-program';
import { PreviewSessions } from '@/features/marketing/components/preview-sessions';

/** The alternative landing variant: every section of platform §1, in order. */
export function Component() {
  return (
    <>
      <PreviewHero />
      <PreviewSessions />
      <PreviewStory />
      <PreviewMentors />
      <PreviewCourses />
      <PreviewBlueprint />
      <PreviewCommunity />
      <PreviewTools />
      <PreviewSignals />
      <PreviewComparison />
      <PreviewMemberships />
      <PreviewSupport />
      <PreviewTestimonials />
      <PreviewFinalCta />
    </>
  );
}
