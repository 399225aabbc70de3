/** Words of the shell's frame: the top bar, the notifications area, a remote page that fails to load (ours). */
export const ShellTexts = {
  notifications: 'Notifications',
  menu: 'Menu',
  mainNavigation: 'Main',
  nav: {
    questions: 'Questions',
    profile: 'Profile',
    admin: 'Admin',
    operations: 'Operations',
    account: 'Account',
    disclaimers: 'Disclaimers',
  },
  remoteLoadFailed: "This page couldn't load",
} as const;
