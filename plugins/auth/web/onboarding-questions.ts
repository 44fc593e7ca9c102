/**
 * The onboarding survey: a few questions that tell us who uses Polycue and what for. Every
 * question is optional; the answers travel as `{ [question.id]: value }` (checkboxes: a list).
 */
export interface SurveyQuestion {
  id: string;
  prompt: string;
  kind: 'single' | 'multiple';
  options: { value: string; label: string }[];
}

export const SURVEY_QUESTIONS: readonly SurveyQuestion[] = [
  {
    id: 'role',
    prompt: 'What best describes your role?',
    kind: 'single',
    options: [
      { value: 'video_producer', label: 'Video producer or editor' },
      { value: 'content_creator', label: 'Content creator' },
      { value: 'localization', label: 'Translator or localization manager' },
      { value: 'marketing', label: 'Marketing or communications' },
      { value: 'educator', label: 'Teacher or trainer' },
      { value: 'other', label: 'Something else' },
    ],
  },
  {
    id: 'teamSize',
    prompt: 'How many people will work on videos with you?',
    kind: 'single',
    options: [
      { value: 'solo', label: 'Just me' },
      { value: '2-10', label: '2 to 10' },
      { value: '11-50', label: '11 to 50' },
      { value: '50+', label: 'More than 50' },
    ],
  },
  {
    id: 'firstOutput',
    prompt: 'What will you make first?',
    kind: 'multiple',
    options: [
      { value: 'subtitles', label: 'Subtitles' },
      { value: 'translations', label: 'Translations' },
      { value: 'voice_over', label: 'Voice-over' },
    ],
  },
  {
    id: 'heardFrom',
    prompt: 'How did you hear about us?',
    kind: 'single',
    options: [
      { value: 'search', label: 'Search engine' },
      { value: 'social', label: 'Social media' },
      { value: 'colleague', label: 'A colleague or friend' },
      { value: 'event', label: 'An event or webinar' },
      { value: 'other', label: 'Somewhere else' },
    ],
  },
];

export type SurveyAnswers = Record<string, string | string[]>;

/** Unanswered questions are left out rather than sent empty. */
export function answeredOnly(answers: SurveyAnswers): SurveyAnswers {
  return Object.fromEntries(
    Object.entries(answers).filter(([, value]) => (Array.isArray(value) ? value.length > 0 : value !== '')),
  );
}
