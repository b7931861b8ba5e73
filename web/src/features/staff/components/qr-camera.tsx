/**
 * The counter's camera (loaded only when staff press Scan): the device's rear camera in the page,
 * decoded with the browser's own BarcodeDetector where it reads QR codes (Chrome on Android and
 * macOS), and with jsQR otherwise (Safari, Firefox, desktop Linux; docs/product.md says why jsQR),
 * itself loaded only then. Every file comes from our own site. The first code read is handed on
 * once and the camera stops when this leaves the page.
 */
import { useEffect, useRef } from 'react';

/** Why the camera is not showing: permission refused, no camera, anything else. */
export type CameraProblem = 'refused' | 'absent' | 'failed';

/** A decoder of one video frame: the QR code's text, or undefined when it holds none. */
type FrameDecoder = (video: HTMLVideoElement) => Promise<string | undefined>;

/** How often a frame is decoded (the detector is cheap; jsQR takes a few ms a frame). */
const FRAME_INTERVAL_MS = 120;
/** Frames handed to jsQR are scaled down to this width at most: a phone's code fills the view. */
const DECODE_MAX_WIDTH = 640;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's own detector when it reads QR codes, else jsQR over a scaled canvas. */
async function frameDecoder(): Promise<FrameDecoder> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass })
    .BarcodeDetector;
  if (
    Detector &&
    (await Detector.getSupportedFormats().catch((): string[] => [])).includes('qr_code')
  ) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return undefined;
    const scale = Math.min(1, DECODE_MAX_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return (
      jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ||
      undefined
    );
  };
}

/** The kind of a getUserMedia failure. */
function problemOf(error: unknown): CameraProblem {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'absent';
  return 'failed';
}

export interface QrCameraProps {
  /** Accessible name of the video. */
  label: string;
  /** Called once, with the first code read. */
  onCode: (text: string) => void;
  onProblem: (problem: CameraProblem) => void;
  /** Called when the camera's first frame shows. */
  onStarted?: () => void;
}

export function QrCamera({ label, onCode, onProblem, onStarted }: QrCameraProps) {
  const video = useRef<HTMLVideoElement>(null);
  const handlers = useRef({ onCode, onProblem, onStarted });
  handlers.current = { onCode, onProblem, onStarted };
  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        handlers.current.onProblem('absent');
        return;
      }
      try {
        const [media, decode] = await Promise.all([
          navigator.mediaDevices.getUserMedia({
            audio: false,
            video: { facingMode: { ideal: 'environment' } },
          }),
          frameDecoder(),
        ]);
        stream = media;
        const element = video.current;
        if (stopped || !element) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        element.srcObject = media;
        await element.play();
        if (stopped) return;
        handlers.current.onStarted?.();
        const look = async () => {
          if (stopped) return;
          const text = await decode(element).catch(() => undefined);
          if (stopped) return;
          if (text) handlers.current.onCode(text);
          else timer = setTimeout(() => void look(), FRAME_INTERVAL_MS);
        };
        void look();
      } catch (error) {
        if (!stopped) handlers.current.onProblem(problemOf(error));
      }
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);
  return <video ref={video} className="staff-scan__video" aria-label={label} muted playsInline />;
}
