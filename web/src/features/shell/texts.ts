export const shellTexts = {
  signOut: 'Sign Out',
  home: 'Home',
  searchBooks: 'Search books',
  yourLibrary: 'YOUR LIBRARY',
  settings: 'Settings',
  notifications: 'Notifications',
  helpAndSupport: 'Help & Support',
  noNotifications: 'You have no new notifications.',
} as const;
