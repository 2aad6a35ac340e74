import { checkTapTargets, type StoryModule } from './check-tap-targets';

// Two files so the two workers share the stories: the features here, the rest beside.
checkTapTargets(
  import.meta.glob<StoryModule>('../stories/features/**/*.stories.tsx', { eager: true }),
);
