#!/usr/bin/env python3
"""Writes the translations of zh_CN.py into the .ts files (after lupdate added the sources):
ledgerdesk_zh_CN.ts (the console), ledgerctl_zh_CN.ts (ledgerctl) and ledger_zh_CN.ts (the
libraries under both), and the English plurals of all three (*_en.ts, from en_plurals.py).
Drops entries lupdate marked obsolete or vanished, and reports every source left untranslated:
   resources/translations/fill-ts.py   (exit status 1 when something is missing)"""
import os, sys
import xml.etree.ElementTree as ET

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from zh_CN import T

missing = []
for name in ('ledgerdesk_zh_CN.ts', 'ledgerctl_zh_CN.ts', 'ledger_zh_CN.ts'):
    path = os.path.join(here, name)
    tree = ET.parse(path)
    for ctx in tree.getroot().findall('context'):
        for m in list(ctx.findall('message')):
            tr = m.find('translation')
            if tr is not None and tr.get('type') in ('obsolete', 'vanished'):
                ctx.remove(m)
                continue
            src = m.find('source').text or ''
            if src not in T:
                missing.append(src)
                continue
            if tr is None:
                tr = ET.SubElement(m, 'translation')
            tr.attrib.pop('type', None)
            for child in list(tr):
                tr.remove(child)
            if m.get('numerus') == 'yes':
                tr.text = None
                form = ET.SubElement(tr, 'numerusform')
                form.text = T[src]
            else:
                tr.text = T[src]
        if not ctx.findall('message'):
            tree.getroot().remove(ctx)
    tree.write(path, encoding='utf-8', xml_declaration=True)
    with open(path, encoding='utf-8') as f:
        text = f.read()
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text.replace("<?xml version='1.0' encoding='utf-8'?>", '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>', 1))
# English: every numerus source of the files above, in one and many (en_plurals.py).
from en_plurals import forms
for zh, en in (('ledgerdesk_zh_CN.ts', 'ledgerdesk_en.ts'), ('ledgerctl_zh_CN.ts', 'ledgerctl_en.ts'), ('ledger_zh_CN.ts', 'ledger_en.ts')):
    source = ET.parse(os.path.join(here, zh)).getroot()
    out = ET.Element('TS', version=source.get('version', '2.1'), language='en', sourcelanguage='en')
    for ctx in source.findall('context'):
        plural = [m for m in ctx.findall('message') if m.get('numerus') == 'yes']
        if not plural:
            continue
        c = ET.SubElement(out, 'context')
        ET.SubElement(c, 'name').text = ctx.find('name').text
        for m in plural:
            msg = ET.SubElement(c, 'message', numerus='yes')
            ET.SubElement(msg, 'source').text = m.find('source').text
            if m.find('comment') is not None:
                ET.SubElement(msg, 'comment').text = m.find('comment').text
            tr = ET.SubElement(msg, 'translation')
            for text in forms(m.find('source').text):
                ET.SubElement(tr, 'numerusform').text = text
    path = os.path.join(here, en)
    ET.indent(out)
    ET.ElementTree(out).write(path, encoding='utf-8', xml_declaration=True)
    with open(path, encoding='utf-8') as f:
        text = f.read()
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text.replace("<?xml version='1.0' encoding='utf-8'?>", '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>', 1) + '\n')
for s in missing:
    print('untranslated:', repr(s))
sys.exit(1 if missing else 0)
