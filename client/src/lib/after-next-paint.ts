/**
 * Runs `work` in a task after the browser's next paint: a tap's own answer (the pressed button, the focus) reaches
 * the screen before the work it starts, which a slow phone may take a while over (issue 40: taps answer in 200 ms).
 * A task queued right away may run before that paint.
 */
export function afterNextPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work));
}
