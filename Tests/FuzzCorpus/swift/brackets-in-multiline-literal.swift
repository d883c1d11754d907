let ok = """
[[[[[[[[[[[[[[
"""
struct Fine {}
