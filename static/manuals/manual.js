// Whole manuals: the print button; ?print=1 (the 「下载 PDF / 打印手册」 entry of each area) opens the print dialog once
// the page and its images have loaded; and the PDF link, filled from the build's list of manuals (manuals.json,
// src/shared/manuals.ts) when the build printed this manual. A file, not an inline script: the site's CSP allows no
// inline script.
(function () {
  function print() {
    window.print();
  }
  function size(bytes) {
    return bytes >= 1048576 ? (bytes / 1048576).toFixed(1) + ' MB' : Math.round(bytes / 1024) + ' KB';
  }
  function linkPdf() {
    var body = document.body;
    var link = document.querySelector('a[data-manual-pdf]');
    var list = body.getAttribute('data-manuals-list');
    if (!link || !list || !window.fetch) return;
    fetch(list)
      .then(function (res) {
        return res.ok ? res.json() : {manuals: []};
      })
      .then(function (data) {
        var key = body.getAttribute('data-manual');
        var manual = (data.manuals || []).filter(function (m) {
          return m.key === key;
        })[0];
        if (!manual || !manual.pdf) return;
        link.setAttribute('href', manual.pdf.url);
        link.setAttribute('data-bytes', String(manual.pdf.bytes));
        link.textContent = '下载 PDF（' + size(manual.pdf.bytes) + '，' + manual.pdf.pages + ' 页）';
        link.hidden = false;
      })
      .catch(function () {
        /* offline or no list: the page still prints */
      });
  }
  document.addEventListener('DOMContentLoaded', function () {
    var button = document.querySelector('[data-print]');
    if (button) button.addEventListener('click', print);
    linkPdf();
  });
  if (new URLSearchParams(location.search).has('print')) {
    window.addEventListener('load', function () {
      setTimeout(print, 300);
    });
  }
})();
