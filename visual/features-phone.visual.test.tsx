import { screenshotFeatureStories } from './screenshot-feature-stories';

// The curated feature stories (feature-stories.ts) at 360 × 740.
screenshotFeatureStories('phone');
