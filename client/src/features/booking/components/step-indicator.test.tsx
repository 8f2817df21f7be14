// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StepIndicator } from './step-indicator.tsx';

afterEach(cleanup);

describe('StepIndicator', () => {
  it('highlights every step up to and including the current one and marks the current step', () => {
    render(<StepIndicator currentStep={2} />);
    const steps = screen.getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['1Service', '2Time', '3Payment']);
    expect(steps.map((step) => step.dataset.highlighted)).toEqual(['true', 'true', 'false']);
    expect(steps.map((step) => step.getAttribute('aria-current'))).toEqual([null, 'step', null]);
  });

  it('highlights only the first step on step 1 and all three on step 3', () => {
    const { rerender } = render(<StepIndicator currentStep={1} />);
    expect(screen.getAllByRole('listitem').map((step) => step.dataset.highlighted)).toEqual(['true', 'false', 'false']);
    rerender(<StepIndicator currentStep={3} />);
    expect(screen.getAllByRole('listitem').map((step) => step.dataset.highlighted)).toEqual(['true', 'true', 'true']);
    expect(screen.getByText('Payment').closest('li')).toHaveProperty('ariaCurrent', 'step');
  });
});
