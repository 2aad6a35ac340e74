import { screenshotFeatureStories } from './screenshot-feature-stories';

// The curated feature stories (feature-stories.ts) at 1280 × 800.
screenshotFeatureStories('desktop');
