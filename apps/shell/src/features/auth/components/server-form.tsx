import { type ComponentProps, type CSSProperties, useEffect, useSyncExternalStore } from 'react';
import { Alert, Form, type FormInstance, Select } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { type AuthForm, FORM_NOTICE_SETS, FORM_NOTICES, type FormNotice, noticeId, SUCCESS_NOTICES } from '@cqa/contracts';

const subscribeToNothing = () => () => undefined;

/**
 * False in the pre-rendered HTML and while React hydrates it, true from the render after: what the page shows before
 * its script runs must be rendered exactly the same by the hydration, and may change only afterwards.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeToNothing, () => true, () => false);
}

/**
 * Until the page's script runs, a public form is a plain HTML form posted to its AUTH_FORM_ROUTES route: the browser
 * checks its fields' `required`, `type` and `minLength` itself. Once hydrated, the form's own checks (the spec's
 * messages) take over (`noValidate` turns the browser's off), and it takes over what was typed meanwhile. Spread the
 * result on antd's Form; `name` is the form's, as antd uses it (the <form>'s id, its fields' id prefix).
 */
export function useServerForm<Values>(action: string, name: string) {
  const [form] = Form.useForm<Values>();
  useEarlyInput(form, name);
  return { form, name, action, method: 'post' as const, noValidate: useHydrated() };
}

/**
 * React hydrates a field without overwriting what was typed into it (or ticked) before the script ran, but the form's
 * store does not know it, and the field's next render would put the store's empty value back. Once hydrated, the form
 * (antd's, whose <form> has its name as id) takes over what its named fields hold.
 */
function useEarlyInput(form: FormInstance, formName: string): void {
  useEffect(() => {
    const element = document.getElementById(formName);
    if (!(element instanceof HTMLFormElement)) return;
    const values: Record<string, unknown> = {};
    for (const select of element.querySelectorAll<HTMLSelectElement>('select[name]')) {
      if (select.value !== '') values[select.name] = select.value;
    }
    for (const input of element.querySelectorAll<HTMLInputElement>('input[name]')) {
      if (input.type === 'hidden') continue;
      if (input.type === 'checkbox') {
        if (input.checked) values[input.name] = true;
      } else if (input.value !== '') {
        values[input.name] = input.getAttribute('role') === 'spinbutton' ? Number(input.value) : input.value;
      }
    }
    if (Object.keys(values).length > 0) form.setFieldsValue(values);
  }, [form, formName]);
}

// As antd draws a select (its default size), so the swap once hydrated moves nothing.
const NATIVE_SELECT_STYLE: CSSProperties = {
  width: '100%', height: 32, padding: '0 7px', border: '1px solid #d9d9d9', borderRadius: 6, background: '#fff', font: 'inherit', color: 'inherit',
};

/**
 * antd's Select works only once the page's script runs; until then the browser's own select (named, so the form's
 * post carries it) stands in, and the form takes its choice over (useEarlyInput). Nothing on the page waits for the
 * script to answer a tap.
 */
export function FormSelect({ name, options, ...props }: ComponentProps<typeof Select> & { name: string; options: { value: string; label: string }[] }) {
  if (useHydrated()) return <Select options={options} {...props} />;
  return (
    <select id={props.id} name={name} defaultValue="" style={NATIVE_SELECT_STYLE}>
      <option value="" />
      {options.map((option) => (
        <option key={option.value} value={option.value}>{option.label}</option>
      ))}
    </select>
  );
}

/**
 * A form post without script comes back with its notice in the URL's fragment (`#notice-<code>`). Before the script
 * runs, the page holds every notice of its form, hidden, and CSS shows the one the fragment names (`.cqa-notice:target`,
 * tools/webpack/index.html); once hydrated, these go and the form shows the notice as its own (useFormNotice).
 */
export function StaticFormNotices({ form }: { form: AuthForm }) {
  if (useHydrated()) return null;
  return (
    <>
      {FORM_NOTICE_SETS[form].map((notice: FormNotice) => {
        const success = SUCCESS_NOTICES.includes(notice);
        return (
          <div key={notice} id={noticeId(notice)} className="cqa-notice" data-kind={success ? 'success' : 'error'} role={success ? 'status' : 'alert'}>
            {FORM_NOTICES[notice]}
          </div>
        );
      })}
    </>
  );
}

/** The notice the URL's fragment names for this form, once hydrated, and a way to let it go (when the form is sent again). */
export function useFormNotice(form: AuthForm): [FormNotice | null, () => void] {
  const hydrated = useHydrated();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const notices: readonly FormNotice[] = FORM_NOTICE_SETS[form];
  const notice = hydrated ? (notices.find((candidate) => hash === `#${noticeId(candidate)}`) ?? null) : null;
  const clear = () => {
    if (notice) void navigate({ pathname, search }, { replace: true });
  };
  return [notice, clear];
}

/** A form's message: its own failure, else the notice it came back with. */
export function FormMessage({ failure, notice }: { failure: string | null; notice: FormNotice | null }) {
  const text = failure ?? (notice && FORM_NOTICES[notice]);
  if (!text) return null;
  const success = !failure && notice !== null && SUCCESS_NOTICES.includes(notice);
  return <Alert type={success ? 'success' : 'error'} role={success ? 'status' : 'alert'} showIcon title={text} style={{ marginBottom: 16 }} />;
}
