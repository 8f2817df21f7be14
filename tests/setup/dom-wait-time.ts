export {};
// Component tests wait for what the page shows with findBy/waitFor. Their default of 1 s is shorter than a render
// takes on a 2-core CI machine running the integration suites beside them (a rebook test failed at 1.6 s): wait up
// to 5 s. A test still fails if what it waits for never appears.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
}
