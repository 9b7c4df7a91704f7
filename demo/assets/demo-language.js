// The demo's language picker: choosing a language changes the page's <html lang> at once, as a store's
// own language switcher would (the widget follows it live), and keeps the choice in the address and in
// the demo's links, so a reload or the next demo page opens in it.
(function () {
  const select = document.querySelector('.demo-language select');
  if (!select) return;

  function carry(tag) {
    for (const link of document.querySelectorAll('a[href^="/"]')) {
      const target = new URL(link.getAttribute('href'), location.href);
      if (tag === 'en') target.searchParams.delete('lang');
      else target.searchParams.set('lang', tag);
      link.setAttribute('href', target.pathname + target.search + target.hash);
    }
  }

  select.addEventListener('change', () => {
    const tag = select.value;
    document.documentElement.lang = tag;
    const address = new URL(location.href);
    if (tag === 'en') address.searchParams.delete('lang');
    else address.searchParams.set('lang', tag);
    history.replaceState(history.state, '', address.pathname + address.search + address.hash);
    carry(tag);
  });
  carry(document.documentElement.lang);
})();
