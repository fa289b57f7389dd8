// Whole manuals: the print button, and ?print=1 (the 「下载 PDF / 打印手册」 entry of each area) opens the print dialog
// once the page and its images have loaded. A file, not an inline script: the site's CSP allows no inline script.
(function () {
  function print() {
    window.print();
  }
  document.addEventListener('DOMContentLoaded', function () {
    var button = document.querySelector('[data-print]');
    if (button) button.addEventListener('click', print);
  });
  if (new URLSearchParams(location.search).has('print')) {
    window.addEventListener('load', function () {
      setTimeout(print, 300);
    });
  }
})();
