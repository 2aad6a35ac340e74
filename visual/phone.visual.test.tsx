import { screenshotStories } from './screenshot-stories';

// 360 × 740: the smallest phone the app supports.
screenshotStories('phone');
