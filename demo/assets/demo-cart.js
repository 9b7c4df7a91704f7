// The demo theme's own cart count in its header: it refreshes whenever the widget changes the cart,
// as a store's theme would listen for store-assistant:cart.
document.addEventListener('store-assistant:cart', (event) => {
  const count = event.detail.cart && event.detail.cart.itemCount;
  const target = document.getElementById('cart-count');
  if (target && typeof count === 'number') target.textContent = String(count);
});
