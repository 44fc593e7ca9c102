import * as effectorReact from 'effector-react';
import { useAuthModel } from '../components/use-lazy-model';
import { SubmitButton } from '../components/form-field';
import '../components/auth-forms.css';
import { onSubmitCall, usePageOpened } from '../components/use-form';
import { SURVEY_QUESTIONS, type SurveyQuestion } from '../onboarding-questions';

export default function OnboardingPage() {
  const { onboarding } = useAuthModel();
  const [answers, pending, answerChanged, submitted, opened] = effectorReact.useUnit([
    onboarding.$answers,
    onboarding.$surveyPending,
    onboarding.answerChanged,
    onboarding.surveySubmitted,
    onboarding.surveyPageOpened,
  ]);
  usePageOpened(opened);

  return (
    <div className="auth-page">
      <h1>Welcome to Polycue</h1>
      <p className="auth-page-lead">A few questions so we can set things up for you. Every question is optional.</p>
      <form className="auth-form" onSubmit={onSubmitCall(submitted)} aria-label="Onboarding survey">
        {SURVEY_QUESTIONS.map((question) => (
          <QuestionFieldset
            key={question.id}
            question={question}
            value={answers[question.id]}
            onChange={(value) => answerChanged({ questionId: question.id, value })}
          />
        ))}
        <SubmitButton pending={pending}>Continue</SubmitButton>
      </form>
    </div>
  );
}

function QuestionFieldset({
  question,
  value,
  onChange,
}: {
  question: SurveyQuestion;
  value: string | string[] | undefined;
  onChange(value: string | string[]): void;
}) {
  const selected = Array.isArray(value) ? value : value ? [value] : [];
  const toggle = (option: string, checked: boolean) =>
    onChange(checked ? [...selected.filter((v) => v !== option), option] : selected.filter((v) => v !== option));
  return (
    <fieldset className="auth-fieldset">
      <legend>{question.prompt}</legend>
      {question.options.map((option) => (
        <label key={option.value}>
          <input
            type={question.kind === 'single' ? 'radio' : 'checkbox'}
            name={question.id}
            value={option.value}
            checked={selected.includes(option.value)}
            onChange={(event) =>
              question.kind === 'single' ? onChange(option.value) : toggle(option.value, event.target.checked)
            }
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
