import { HomeHero } from '@/features/marketing/components/home-hero';
import { HomeFeatures, HomePreview, HomePricing } from '@/features/marketing/components/home-sections';

export function Component() {
  return (
    <>
      <HomeHero />
      <HomePreview />
      <HomeFeatures />
      <HomePricing />
    </>
  );
}
