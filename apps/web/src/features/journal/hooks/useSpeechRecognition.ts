import { useCallback, useEffect, useRef, useState } from 'react';

/** The slice of the Web Speech API we use; TypeScript's DOM library does not ship it. */
interface RecognitionResultEvent {
  resultIndex: number;
  results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }>;
}
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onend: (() => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  start(): void;
  stop(): void;
}
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

export interface SpeechToText {
  supported: boolean;
  listening: boolean;
  error: string | null;
  start(): void;
  stop(): void;
}

/** Voice to text through the browser's own speech recognition; `onFinal` gets each finished phrase. */
export function useSpeechRecognition(onFinal: (text: string) => void): SpeechToText {
  const [listening, setListening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const recognition = useRef<Recognition | null>(null);
  const callback = useRef(onFinal);
  const Ctor = recognitionConstructor();

  useEffect(() => {
    callback.current = onFinal;
  }, [onFinal]);

  useEffect(() => () => recognition.current?.stop(), []);

  const start = useCallback(() => {
    if (!Ctor || recognition.current) return;
    const r = new Ctor();
    r.lang = navigator.language || 'en-US';
    r.continuous = true;
    r.interimResults = false;
    r.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i];
        if (result.isFinal) callback.current(result[0].transcript);
      }
    };
    r.onerror = (event) => setError(event.error === 'not-allowed' ? 'Microphone access was blocked.' : 'Voice input stopped.');
    r.onend = () => {
      recognition.current = null;
      setListening(false);
    };
    setError(null);
    recognition.current = r;
    r.start();
    setListening(true);
  }, [Ctor]);

  const stop = useCallback(() => recognition.current?.stop(), []);

  return { supported: Ctor !== null, listening, error, start, stop };
}
