import { screenshotStories } from './screenshot-stories';

// 1280 × 800.
screenshotStories('desktop');
