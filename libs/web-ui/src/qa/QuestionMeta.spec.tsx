import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QuestionTexts } from '@cqa/contracts';
import { QuestionMeta } from './QuestionMeta';

describe('QuestionMeta', () => {
  const show = (patientId: string | null | undefined) =>
    render(
      <MemoryRouter>
        <QuestionMeta createdAt="2026-03-04T09:00:00.000Z" patientId={patientId} cancerType="Melanoma" />
      </MemoryRouter>,
    );

  it("shows the patient id, or 'Anonymous' when the question has none", () => {
    show('77');
    expect(screen.getByText('Patient ID: 77')).toBeInTheDocument();
  });

  it("shows 'Anonymous' for a question without a patient", () => {
    show(null);
    expect(screen.getByText(`Patient ID: ${QuestionTexts.anonymous}`)).toBeInTheDocument();
  });

  it('shows no patient line when the server left the id out (patients viewing others)', () => {
    show(undefined);
    expect(screen.queryByText(/Patient ID/)).not.toBeInTheDocument();
  });
});
