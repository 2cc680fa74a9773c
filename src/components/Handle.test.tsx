import { render, screen } from '@testing-library/react';
import { Handle } from './Handle';

it('sets a username left to right, apart from the page around it, the @ in front', () => {
  render(<div dir="rtl"><p>الملف الشخصي <Handle username="demo_user" className="name" /></p></div>);
  const handle = screen.getByText('@demo_user');
  expect(handle.tagName).toBe('BDI');
  expect(handle).toHaveAttribute('dir', 'ltr');
  expect(handle).toHaveClass('name');
});
