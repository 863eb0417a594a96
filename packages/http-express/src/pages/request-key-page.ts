import type { SubmittedKeyRequest } from '@islamic-data/core';
import type { FormFields } from '../platform/route.js';
import { stripped } from '../platform/schema.js';
import { keyRequestBody } from '../routes/key-requests/key-request-schemas.js';
import { escapeHtml, page } from './html.js';

/**
 * `GET /request-key` (CONTRACT §18): the form for asking for a key. With JavaScript off it is a plain form
 * posted to `POST /api/v1/key-requests`, which answers in HTML (the confirmation, or this form again with the
 * message beside its field). With JavaScript on, `/request-key/form.js` checks each field against the API's
 * own request schema, served inside it, and shows the same messages beside the fields before anything is sent.
 */

const ACTION = '/api/v1/key-requests';
export const FORM_SCRIPT_PATH = '/request-key/form.js';

const SCOPE_LABELS: Record<string, string> = {
  'prayer-times': 'Prayer times',
  qibla: 'Qibla',
  hijri: 'Hijri dates',
  mosques: 'Mosques',
  quran: 'Quran',
  hadith: 'Hadith',
  '*': 'All of them',
};
const PERMISSION_LABELS = { read: 'Read', write: 'Write (edit translations, submit mosques)', delete: 'Delete' };

/** The fields the form shows in order; any other (the trap aside) is nobody's. */
const FIELDS = ['name', 'email', 'project', 'website', 'scopes', 'permissions', 'note'] as const;

const asList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const asText = (value: string | string[] | undefined): string =>
  value === undefined ? '' : Array.isArray(value) ? value.join(', ') : value;

/** The posted fields as the body schema reads them: lists for the checkboxes, empty optional fields left out. */
export function formToBody(fields: FormFields): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'scopes' || name === 'permissions') body[name] = asList(value);
    else if (['website', 'note', 'fax'].includes(name) && asText(value) === '') continue;
    else body[name] = Array.isArray(value) ? value.join(',') : value;
  }
  body.scopes ??= [];
  body.permissions ??= [];
  return body;
}

/** The field a refusal names ("Field 'email' must …"), when it is one of the form's. */
export function fieldOf(message: string): (typeof FIELDS)[number] | null {
  const named = /^Field '(\w+)/.exec(message)?.[1];
  return (FIELDS as readonly string[]).includes(named ?? '') ? (named as (typeof FIELDS)[number]) : null;
}

/** The form, filled with what was sent and with a message beside the field it is about (or above the form). */
export function requestKeyForm(fields: FormFields = {}, message: string | null = null): string {
  const field = message === null ? null : fieldOf(message);
  const errors: Record<string, string> = field && message ? { [field]: message } : {};
  // The e-mail address is never sent back, not even to the browser that typed it (CONTRACT §18).
  const value = (name: string) => (name === 'email' ? '' : escapeHtml(asText(fields[name])));
  const checked = (name: string, option: string, byDefault: boolean) =>
    (fields[name] === undefined ? byDefault : asList(fields[name]).includes(option)) ? ' checked' : '';
  const error = (name: string) =>
    `<p class="field-error" id="${name}-error" role="alert">${escapeHtml(errors[name] ?? '')}</p>`;
  const invalid = (name: string) => ` aria-describedby="${name}-error"${errors[name] ? ' aria-invalid="true"' : ''}`;
  const boxes = (name: 'scopes' | 'permissions', options: Record<string, string>, defaults: string[]) =>
    Object.entries(options)
      .map(
        ([option, label]) =>
          `<label><input type="checkbox" name="${name}" value="${option}"` +
          `${checked(name, option, defaults.includes(option))}>` +
          ` ${escapeHtml(label)}</label>`,
      )
      .join('\n');
  const general =
    message !== null && field === null ? `<p class="form-error" role="alert">${escapeHtml(message)}</p>` : '';
  return page(
    'Request an API key',
    `<h1>Request an API key</h1>
<p>Keys are issued by hand, usually within 24 hours. Say what you are building and what it needs; the answer
comes by e-mail, with a link that shows your key once. Your e-mail address is used for nothing else.</p>
${general}
<form id="request-key" method="post" action="${ACTION}" novalidate>
<label for="name">Name</label>
<input type="text" id="name" name="name" dir="auto" autocomplete="name" required
  value="${value('name')}"${invalid('name')}>
${error('name')}
<label for="email">E-mail address</label>
${message === null ? '' : '<p class="hint">Type it again: it is never sent back.</p>'}
<input type="email" id="email" name="email" dir="ltr" autocomplete="email" required
  value="${value('email')}"${invalid('email')}>
${error('email')}
<label for="project">What are you building, and which endpoints does it need?</label>
<p class="hint" id="project-hint">At least 20 characters. Any language.</p>
<textarea id="project" name="project" dir="auto" required${invalid('project')}>${value('project')}</textarea>
${error('project')}
<label for="website">Website <span class="hint">(optional)</span></label>
<input type="url" id="website" name="website" dir="ltr" placeholder="https://" value="${value('website')}"${invalid('website')}>
${error('website')}
<fieldset id="scopes"${invalid('scopes')}>
<legend>Endpoints needed</legend>
${boxes('scopes', SCOPE_LABELS, [])}
${error('scopes')}
</fieldset>
<fieldset id="permissions"${invalid('permissions')}>
<legend>Permissions</legend>
${boxes('permissions', PERMISSION_LABELS, ['read'])}
${error('permissions')}
</fieldset>
<label for="note">Anything else <span class="hint">(optional)</span></label>
<textarea id="note" name="note" dir="auto"${invalid('note')}>${value('note')}</textarea>
${error('note')}
<div class="trap" aria-hidden="true"><label for="fax">Fax (leave this empty)</label>
<input type="text" id="fax" name="fax" tabindex="-1" autocomplete="off" value=""></div>
<button type="submit">Send the request</button>
</form>`,
    [FORM_SCRIPT_PATH],
  );
}

/** The answer to a form posted with JavaScript off or on: the request's id and what happens next. */
export function requestKeyConfirmation(data: unknown): string {
  const { id, createdAt } = data as SubmittedKeyRequest;
  return page(
    'Request received',
    `<h1>Request received</h1>
<p>Thank you. The operator reads every request by hand, usually within 24 hours, and answers by e-mail: with a
link that shows your key once, or with the reason it cannot be given.</p>
<dl><dt>Request</dt><dd><code id="request-id">${escapeHtml(id)}</code></dd>
<dt>Received</dt><dd>${escapeHtml(createdAt)}</dd></dl>
<p>Its status, without any of your details:
<a href="${ACTION}/${encodeURIComponent(id)}">${ACTION}/${escapeHtml(id)}</a>.</p>`,
  );
}

/**
 * The form's script: checks each field against the API's request schema (minLength, maxLength, pattern,
 * minItems, contains, and its `errorMessage` sentences) and words a failure as the API would, beside the
 * field. A form that passes is posted as it would be without JavaScript.
 */
export const FORM_SCRIPT = `'use strict';
(function () {
  var SCHEMA = ${JSON.stringify(stripped(keyRequestBody))};
  var LISTS = { scopes: true, permissions: true };
  var form = document.getElementById('request-key');
  if (!form) return;
  function length(text) { return Array.from(text).length; }
  function messageFor(property, keyword) {
    var wording = property.errorMessage;
    if (typeof wording === 'string') return wording;
    if (wording && wording[keyword]) return wording[keyword];
    return 'is invalid';
  }
  function valueOf(name) {
    if (LISTS[name]) {
      return Array.prototype.map.call(form.querySelectorAll('input[name="' + name + '"]:checked'), function (box) {
        return box.value;
      });
    }
    var element = form.elements.namedItem(name);
    return element ? element.value : '';
  }
  function broken(name, property, value) {
    var required = SCHEMA.required.indexOf(name) !== -1;
    if (LISTS[name]) {
      if (value.length === 0 && required) return 'is required';
      if (value.length < (property.minItems || 0)) return messageFor(property, 'minItems');
      if (property.contains && value.indexOf(property.contains.const) === -1) return messageFor(property, 'contains');
      return null;
    }
    if (value === '') return required ? 'is required' : null;
    var size = length(value);
    if (property.minLength !== undefined && size < property.minLength) return messageFor(property, 'minLength');
    if (property.maxLength !== undefined && size > property.maxLength) return messageFor(property, 'maxLength');
    var pattern = property.pattern === undefined ? null : new RegExp(property.pattern, 'u');
    if (pattern && !pattern.test(value)) return messageFor(property, 'pattern');
    return null;
  }
  function check(name) {
    var property = SCHEMA.properties[name];
    var problem = broken(name, property, valueOf(name));
    var shown = document.getElementById(name + '-error');
    var field = document.getElementById(name);
    if (shown) shown.textContent = problem ? "Field '" + name + "' " + problem + '.' : '';
    if (field) {
      if (problem) field.setAttribute('aria-invalid', 'true');
      else field.removeAttribute('aria-invalid');
    }
    return !problem;
  }
  var names = Object.keys(SCHEMA.properties).filter(function (name) {
    return document.getElementById(name + '-error');
  });
  // A field shown wrong is checked again as it is corrected; new messages wait for the submit, so that none
  // appears (moving the button) while the pointer is on its way to it.
  names.forEach(function (name) {
    var field = document.getElementById(name);
    if (!field) return;
    var recheck = function () { if (field.getAttribute('aria-invalid') === 'true') check(name); };
    field.addEventListener('input', recheck);
    field.addEventListener('change', recheck);
  });
  form.addEventListener('submit', function (event) {
    var first = null;
    names.forEach(function (name) {
      if (!check(name) && first === null) first = name;
    });
    if (first !== null) {
      event.preventDefault();
      var target = document.getElementById(first);
      var focusable = target && target.tagName === 'FIELDSET' ? target.querySelector('input') : target;
      if (focusable) focusable.focus();
    }
  });
})();
`;
