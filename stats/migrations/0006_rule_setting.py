# The rule setting of a game that has several (games/registry.py `variants`); its choices
# are read from the registry, as the game field's are since 0004.

from django.db import migrations, models

import stats.labels


class Migration(migrations.Migration):
    dependencies = [
        ("stats", "0005_daily_puzzle_attempt"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="rule",
            field=models.CharField(
                blank=True,
                choices=stats.labels.rule_choices,
                max_length=16,
                verbose_name="Rule setting",
            ),
        ),
    ]
