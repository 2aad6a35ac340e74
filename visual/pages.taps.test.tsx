import { checkTapTargets, type StoryModule } from './check-tap-targets';

// Every story outside stories/features (pages, the design system, tooling).
checkTapTargets(
  import.meta.glob<StoryModule>(['../stories/**/*.stories.tsx', '!../stories/features/**'], {
    eager: true,
  }),
);
