(function () {
  'use strict';
  const data = JSON.parse(document.getElementById('data').textContent);
  const $ = (id) => document.getElementById(id);
  const el = (tag, text, cls) => { const e = document.createElement(tag); if (text != null) e.textContent = text; if (cls) e.className = cls; return e; };

  $('title').textContent = data.title;
  $('subtitle').textContent = data.subtitle;
  $('footer-file').textContent = data.file;
  for (const [name, value] of data.summary) {
    const div = el('div'); div.append(el('dt', name), el('dd', value)); $('summary').append(div);
  }
  if (data.description) { const p = el('p', data.description, 'muted'); $('subtitle').after(p); }
  for (const line of data.story) $('story-steps').append(el('li', line));

  // Step-through.
  const steps = data.steps;
  let index = 0;
  let marked = [];
  const mark = (node, cls) => { if (node) { node.classList.add(cls); marked.push([node, cls]); } };
  // The whole file that sends the current message, its sending lines highlighted; open stays open.
  let shownFile = -1;
  const showFile = (at) => {
    const box = $('step-file');
    if (!at || !data.code[at.file]) { box.hidden = true; return; }
    const file = data.code[at.file];
    box.hidden = false;
    box.querySelector('summary').textContent = data.labels.wholeFile + ': ' + file.name;
    const pre = box.querySelector('pre');
    if (shownFile !== at.file) {
      pre.textContent = '';
      file.text.split('\n').forEach((text, i) => { const line = el('span', text, 'line'); line.dataset.n = String(i + 1); pre.append(line); });
      shownFile = at.file;
    }
    pre.querySelectorAll('.sends').forEach((line) => line.classList.remove('sends'));
    for (const n of at.lines) { const line = pre.children[n - 1]; if (line) line.classList.add('sends'); }
    const first = pre.children[at.lines[0] - 1];
    if (first && box.open) pre.scrollTop = Math.max(0, first.offsetTop - pre.offsetTop - 60);
  };
  $('step-file').addEventListener('toggle', () => { const step = steps[index]; if (step) showFile(step.codeAt); });
  const stepOfSeq = new Map();
  steps.forEach((step, i) => { for (const seq of step.seq) if (!stepOfSeq.has(seq)) stepOfSeq.set(seq, i); });
  $('scrub').max = String(Math.max(0, steps.length - 1));

  // Scrolls the sequence diagram (only it) so `node` is in the middle; an arrow wider than the pane is
  // placed so its label (which sits at the sender's end) shows whole.
  function reveal(node) {
    const box = $('sequence'), r = node.getBoundingClientRect(), b = box.getBoundingClientRect();
    box.scrollTop += (r.top + r.height / 2) - (b.top + b.height / 2);
    const texts = [...node.querySelectorAll('text')].map((t) => t.getBoundingClientRect());
    if (r.width <= b.width || !texts.length) {
      box.scrollLeft += (r.left + r.width / 2) - (b.left + b.width / 2);
      return;
    }
    const left = Math.min(...texts.map((t) => t.left)), right = Math.max(...texts.map((t) => t.right));
    box.scrollLeft += right - left <= b.width ? (left + right) / 2 - (b.left + b.width / 2) : left - b.left - 16;
  }

  // A long run's sequence diagram comes in pages: the one holding message `seq` is shown.
  const pages = [...document.querySelectorAll('#sequence > .page')];
  function showPage(seq) {
    const page = pages.find((p) => Number(p.dataset.first) <= seq && (p.dataset.last === '0' || seq <= Number(p.dataset.last)));
    if (page) for (const p of pages) p.hidden = p !== page;
    return page;
  }

  const lastMessage = data.events.length ? data.events[data.events.length - 1].seq : 0;
  function positionOf(step) {
    switch (step.kind) {
      case 'message': return 'message ' + step.seq[0] + ' of ' + lastMessage;
      case 'setup': return 'wiring';
      case 'cycleStart': return 'cycle ' + step.cycle + ' begins';
      case 'cycleEnd': return 'cycle ' + step.cycle + ' ends';
      default: return 'the end';
    }
  }

  function show(i, scroll) {
    index = Math.max(0, Math.min(steps.length - 1, i));
    const step = steps[index];
    for (const [node, cls] of marked) node.classList.remove(cls);
    marked = [];
    const onPage = step.seq.length ? pages.indexOf(showPage(step.seq[0])) : -1;
    // One number per place: a message by its number in the diagram and the table, the other steps by what they are.
    $('position').textContent = positionOf(step) + (pages.length > 1 && onPage >= 0 ? ' · page ' + (onPage + 1) + ' of ' + pages.length : '');
    $('scrub').value = String(index);
    $('step-cycle').textContent = step.cycle != null ? 'cycle ' + step.cycle : '';
    $('step-headline').textContent = step.headline || '';
    $('step-text').textContent = step.text;
    $('step-why').textContent = '';
    if (step.why) { $('step-why').append(el('b', data.labels.why + ': '), document.createTextNode(step.why)); }
    if (step.rule) { $('step-why').append(el('b', data.labels.rule + ': '), document.createTextNode(step.rule)); }
    $('step-data').textContent = '';
    if (step.data) { $('step-data').append(el('b', data.labels.carries + ': '), document.createTextNode(step.data)); }
    $('step-code').textContent = '';
    if (step.code) { $('step-code').append(el('b', data.labels.code + ': '), el('code', step.code)); }
    showFile(step.codeAt);
    if (step.kind === 'message') {
      const seq = step.seq[0];
      const prefix = onPage >= 0 ? pages[onPage].dataset.prefix : 'seq1';
      // The label is the arrow's own (a self-message's too): one group, both highlights.
      const arrow = $(prefix + '-m' + seq);
      mark(arrow, 'current'); mark(arrow, 'current-label');
      if (step.stage) {
        mark((step.returns && $('cyc-cycle-' + step.stage + '-back')) || $('cyc-cycle-' + step.stage), 'current');
      }
      if (step.receiver) mark($('cyc-cycle-node-' + step.receiver), 'current-node');
      const row = document.querySelector('tr[data-seq="' + seq + '"]');
      mark(row, 'current');
      if (scroll && arrow) reveal(arrow);
      history.replaceState(null, '', '#m' + seq);
    } else if (step.seq.length) {
      for (const seq of step.seq) mark(document.querySelector('tr[data-seq="' + seq + '"]'), 'current');
    }
  }

  $('first').onclick = () => show(0, true);
  $('prev').onclick = () => show(index - 1, true);
  $('next').onclick = () => show(index + 1, true);
  $('last').onclick = () => show(steps.length - 1, true);
  $('scrub').oninput = (e) => show(Number(e.target.value), true);
  document.addEventListener('keydown', (e) => {
    if (e.target && (e.target.tagName === 'INPUT' && e.target.type !== 'range' || e.target.tagName === 'SELECT')) return;
    if (e.key === 'ArrowRight') { show(index + 1, true); e.preventDefault(); }
    else if (e.key === 'ArrowLeft') { show(index - 1, true); e.preventDefault(); }
    else if (e.key === 'Home') { show(0, true); e.preventDefault(); }
    else if (e.key === 'End') { show(steps.length - 1, true); e.preventDefault(); }
  });
  // Clicking an arrow or its label in the sequence diagram jumps there.
  $('sequence').addEventListener('click', (e) => {
    const g = e.target.closest('g[id^="seq"]');
    const found = g && /^seq[0-9]+-m([0-9]+)$/.exec(g.id);
    if (!found) return;
    const seq = Number(found[1]);
    if (stepOfSeq.has(seq)) show(stepOfSeq.get(seq), false);
  });

  // Message table with filters.
  const tbody = document.querySelector('#table tbody');
  const scenes = new Set(), components = new Set(), kinds = new Set();
  for (const e of data.events) {
    const tr = el('tr');
    tr.dataset.seq = e.seq;
    tr.dataset.scenes = [e.fromScene, e.toScene].filter(Boolean).map((s) => s.split('#')[0]).join(' ');
    tr.dataset.components = e.from + ' ' + e.to;
    tr.dataset.kind = e.kind;
    tr.append(el('td', String(e.seq), 'num'), el('td', e.t + ' ms', 'num'), el('td', e.cycle != null ? String(e.cycle) : '', 'num'));
    const kind = el('td'); kind.append(el('span', e.kind, 'kind kind-' + e.kind)); tr.append(kind);
    tr.append(el('td', e.from + ' → ' + e.to), el('td', e.message), el('td', e.payload || '', 'payload'), el('td', e.at || '', 'at'));
    tr.onclick = () => { if (stepOfSeq.has(e.seq)) { show(stepOfSeq.get(e.seq), true); $('walkthrough').scrollIntoView(); } };
    tbody.append(tr);
    for (const s of [e.fromScene, e.toScene]) if (s) scenes.add(s.split('#')[0]);
    components.add(e.from); components.add(e.to); kinds.add(e.kind);
  }
  const fill = (select, values) => { for (const v of [...values].sort()) select.append(el('option', v)); };
  fill($('filter-scene'), scenes); fill($('filter-component'), components); fill($('filter-kind'), kinds);
  function filter() {
    const scene = $('filter-scene').value, component = $('filter-component').value, kind = $('filter-kind').value;
    const text = $('filter-text').value.toLowerCase();
    let shown = 0;
    for (const tr of tbody.rows) {
      const ok = (!scene || tr.dataset.scenes.split(' ').includes(scene))
        && (!component || tr.dataset.components.split(' ').includes(component))
        && (!kind || tr.dataset.kind === kind)
        && (!text || tr.textContent.toLowerCase().includes(text));
      tr.hidden = !ok;
      if (ok) shown++;
    }
    $('filter-count').textContent = shown + ' of ' + tbody.rows.length + ' messages';
  }
  for (const id of ['filter-scene', 'filter-component', 'filter-kind']) $(id).onchange = filter;
  $('filter-text').oninput = filter;
  filter();

  // Start where the address says (#m11), else at the first message.
  const wanted = /^#m(\d+)$/.exec(location.hash);
  const firstMessage = steps.findIndex((s) => s.kind === 'message');
  show(wanted && stepOfSeq.has(Number(wanted[1])) ? stepOfSeq.get(Number(wanted[1])) : Math.max(0, firstMessage), true);
})();