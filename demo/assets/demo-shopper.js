// The demo store's sign-in: the store's server signs the shopper's id (GET /api/demo-shopper) and the
// page hands the signed identity to the widget; signing out hands it null. A real store puts the
// customer-* attributes into its template instead (see docs/customers.md).
const widget = document.querySelector('store-assistant');
const status = document.querySelector('#shopper-status');
const signIn = document.querySelector('#sign-in');
const signOut = document.querySelector('#sign-out');

function show(shopper) {
  status.textContent = shopper ? `Signed in as ${shopper.name} (${shopper.email})` : 'Browsing as a guest';
  signIn.hidden = Boolean(shopper);
  signOut.hidden = !shopper;
}

signIn.addEventListener('click', async () => {
  const shopper = await (await fetch('/api/demo-shopper')).json();
  await customElements.whenDefined('store-assistant');
  widget.identify(shopper);
  sessionStorage.setItem('demo-shopper', JSON.stringify(shopper));
  show(shopper);
});

signOut.addEventListener('click', async () => {
  await customElements.whenDefined('store-assistant');
  widget.identify(null);
  sessionStorage.removeItem('demo-shopper');
  show(null);
});

// Signed in on this tab before: the page knows it again, as a store's template would.
const remembered = JSON.parse(sessionStorage.getItem('demo-shopper') ?? 'null');
if (remembered) void customElements.whenDefined('store-assistant').then(() => widget.identify(remembered));
show(remembered);
