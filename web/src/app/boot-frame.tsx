import { VISITOR_TEXT } from '@shared/messages';

/**
 * The first paint, before any script: the wheel page's frame and heading, with room for the logo
 * row (styles in global.css). index.html holds the same markup, and the router shows this while
 * the first screen's code loads, so the wheel page's heading appears at once and never moves.
 */
export function BootFrame() {
  return (
    <div className="wheel-page" aria-hidden="true">
      <header className="wheel-header">
        <div className="wheel-header__brand" />
        <h1 className="wheel-header__title">{VISITOR_TEXT.heading}</h1>
      </header>
    </div>
  );
}
