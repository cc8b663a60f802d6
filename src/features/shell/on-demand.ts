/** The shell's controls loaded later: the sidebar's actions (with the signed-in shell), the guides and help. */
export { guideFor } from './guides.ts';
export { HelpDialog } from './HelpDialog.tsx';
export { ShellActions } from './ShellActions.tsx';
