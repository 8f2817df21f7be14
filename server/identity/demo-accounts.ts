/** The demo mode's accounts (DEMO_MODE): the seed creates them, demo sign-in finds them. */
export const demoPassword = 'glossly-demo';

export const demoAccounts = {
  customer: { email: 'customer@demo.glossly.app', username: 'democustomer', name: 'Alex Rivera' },
  detailer: { email: 'detailer@demo.glossly.app', username: 'demodetailer', name: 'Sam Chen' },
  admin: { email: 'admin@demo.glossly.app', username: 'demoadmin', name: 'Jordan Blake' },
} as const;
