import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';

import { Checkbox } from './checkbox';
import { FormField } from './form-field';
import { Input } from './input';
import { NativeSelect } from './native-select';
import { Textarea } from './textarea';

/** What a screen reader reads after the name: the texts aria-describedby points at, in order. */
function descriptions(element: HTMLElement): string[] {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `missing #${id}`);
}

describe('FormField', () => {
  test('the label names the control; the required mark is not read as part of the name', () => {
    render(
      <FormField id="title" label="Title" required>
        <Input />
      </FormField>,
    );

    const input = screen.getByRole('textbox', { name: 'Title' });
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(descriptions(input)).toEqual([]);
  });

  test('help text describes the control', () => {
    render(
      <FormField htmlFor="description" label="Description" description="Up to 2000 characters.">
        <Textarea />
      </FormField>,
    );

    const textarea = screen.getByRole('textbox', { name: 'Description' });
    expect(textarea.id).toBe('description');
    expect(descriptions(textarea)).toEqual(['Up to 2000 characters.']);
  });

  test('an error is announced, marks the control invalid and is read before the help text', () => {
    render(
      <>
        <FormField
          id="price"
          label="Price"
          description="Leave empty for free items."
          error="Enter a price of 0 or more."
        >
          <Input inputMode="decimal" aria-describedby="price-currency" />
        </FormField>
        <p id="price-currency">In US dollars.</p>
      </>,
    );

    const input = screen.getByRole('textbox', { name: 'Price' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Enter a price of 0 or more.');
    expect(descriptions(input)).toEqual([
      'Enter a price of 0 or more.',
      'Leave empty for free items.',
      'In US dollars.',
    ]);
  });

  test('a native select is a combobox named by the label and chosen from with the keyboard', async () => {
    const user = userEvent.setup();
    render(
      <FormField id="category" label="Category" error="Choose a category.">
        <NativeSelect defaultValue="">
          <option value="">Choose a category</option>
          <option value="Furniture">Furniture</option>
          <option value="Books & Media">Books & Media</option>
        </NativeSelect>
      </FormField>,
    );

    const select = screen.getByRole('combobox', { name: 'Category' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(descriptions(select)).toEqual(['Choose a category.']);

    await user.tab();
    expect(document.activeElement).toBe(select);
    await user.selectOptions(select, 'Furniture');
    expect(select).toHaveProperty('value', 'Furniture');
  });

  test('a checkbox control gets the same wiring', () => {
    render(
      <FormField id="terms" label="I agree to the community rules" required error="Required.">
        <Checkbox />
      </FormField>,
    );

    const checkbox = screen.getByRole('checkbox', { name: 'I agree to the community rules' });
    expect(checkbox.getAttribute('aria-required')).toBe('true');
    expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    expect(descriptions(checkbox)).toEqual(['Required.']);
  });
});
