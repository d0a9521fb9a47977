// A map's frame is made when the visitor presses "Show the map", never before: until then the page has sent nothing
// to the map service. The frame takes the placeholder's place at the same size, and focus moves into it.
export function initMaps() {
  document.addEventListener('click', (e) => {
    const button = (e.target as Element).closest?.('.map__show');
    const map = button?.closest<HTMLElement>('.map');
    if (!map) return;
    const frame = document.createElement('iframe');
    frame.className = 'map__frame';
    frame.title = map.dataset.mapTitle!;
    frame.src = map.dataset.mapSrc!;
    map.querySelector('.map__placeholder')!.replaceWith(frame);
    frame.focus();
  });
}
