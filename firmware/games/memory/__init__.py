# Memory: rules.py (pure rules), ai.py (memory-model AI), view.py (screens), strings.py.
